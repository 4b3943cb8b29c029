import assert from 'node:assert/strict';
import { explainParameterRejection, parseParameterInput, parametersFor, parseModelOptions, withParameter } from '../../../../src/host/modelOptions/modelOptions';
import { formatModelParameters } from '../../../../src/shared/modelParameters';

describe('per-model options', () => {
  it('keeps valid parameters per model and drops what is out of range or of the wrong type', () => {
    const options = parseModelOptions({
      'echo-1': { temperature: 0.2, topP: 0.9, reasoningEffort: ' high ' },
      'bad-1': { temperature: 3, topP: '0.5', reasoningEffort: 'rm -rf /' },
      'half-1': { temperature: 0, topP: 2 },
      'list-1': [1, 2],
    });
    assert.deepEqual(options, { 'echo-1': { temperature: 0.2, topP: 0.9, reasoningEffort: 'high' }, 'half-1': { temperature: 0 } });
    assert.deepEqual(parseModelOptions('nope'), {});
    assert.deepEqual(parseModelOptions(null), {});
  });

  it('parametersFor gives a copy, or undefined when nothing is set (then nothing is sent)', () => {
    const options = parseModelOptions({ 'echo-1': { temperature: 1 } });
    assert.deepEqual(parametersFor(options, 'echo-1'), { temperature: 1 });
    assert.equal(parametersFor(options, 'other'), undefined);
    assert.equal(parametersFor(options, 'toString'), undefined, 'no inherited properties');
    assert.equal(parametersFor(undefined, 'echo-1'), undefined);
  });

  it('withParameter sets or removes one value and keeps everything else', () => {
    const current = { 'a': { temperature: 1, custom: 'kept' }, 'b': { topP: 0.5 } };
    assert.deepEqual(withParameter(current, 'a', 'topP', 0.1), { a: { temperature: 1, custom: 'kept', topP: 0.1 }, b: { topP: 0.5 } });
    assert.deepEqual(withParameter(current, 'b', 'topP', undefined), { a: { temperature: 1, custom: 'kept' } });
    assert.deepEqual(withParameter(undefined, 'c', 'reasoningEffort', 'low'), { c: { reasoningEffort: 'low' } });
    assert.deepEqual(current, { 'a': { temperature: 1, custom: 'kept' }, 'b': { topP: 0.5 } }, 'the input is not changed');
  });

  it('parses typed numbers: empty clears, out of range says the range', () => {
    assert.deepEqual(parseParameterInput('temperature', ' 0.7 '), { value: 0.7 });
    assert.deepEqual(parseParameterInput('temperature', ''), { value: undefined });
    assert.deepEqual(parseParameterInput('topP', '1.5'), { error: 'Top P must be a number from 0 to 1 (empty: not sent).' });
    assert.ok('error' in parseParameterInput('temperature', 'warm'));
  });

  it('a 400 naming a sent parameter says which setting to remove; other errors are left alone', () => {
    const info = { message: "Unrecognized request argument supplied to /chat/completions: 'reasoning_effort'.", status: 400, actions: [] };
    const explained = explainParameterRejection(info, 'echo-1', { temperature: 0.2, reasoningEffort: 'high' });
    assert.equal(explained.message, `${info.message} The model echo-1 does not accept reasoning effort ("reasoning_effort") as set: remove "reasoningEffort" for "echo-1" in the modelAccess.modelOptions setting (Model Options… in the Models view).`);
    const responses = explainParameterRejection({ ...info, message: "Unrecognized request argument supplied to /responses: 'reasoning'." }, 'echo-1', { reasoningEffort: 'high' });
    assert.match(responses.message, /remove "reasoningEffort"/);
    const range = explainParameterRejection({ ...info, message: "'top_p' must be a number between 0 and 1." }, 'm', { topP: 0.5 });
    assert.match(range.message, /remove "topP" for "m"/);
    assert.equal(explainParameterRejection(info, 'echo-1', { temperature: 0.2 }), info, 'not a parameter that was sent');
    assert.equal(explainParameterRejection({ ...info, status: 500 }, 'echo-1', { reasoningEffort: 'x' }).message, info.message);
    assert.equal(explainParameterRejection(info, 'echo-1', undefined), info);
  });

  it('formats the parameters for the footer and the export', () => {
    assert.equal(formatModelParameters({ temperature: 0, topP: 0.9, reasoningEffort: 'low' }), 'temperature 0 · top_p 0.9 · reasoning effort low');
    assert.equal(formatModelParameters({}), undefined);
    assert.equal(formatModelParameters(undefined), undefined);
  });
});
