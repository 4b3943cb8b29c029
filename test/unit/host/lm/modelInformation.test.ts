import assert from 'node:assert/strict';
import { DEFAULT_MAX_INPUT_TOKENS, DEFAULT_MAX_OUTPUT_TOKENS, modelInformation } from '../../../../src/host/lm/modelInformation';

const chat = { api: 'chat' as const, toolCallingModels: [] };

describe('host/lm/modelInformation: what VS Code\'s model picker learns about a listed model', () => {
  it('keeps room for the output inside a context window', () => {
    const info = modelInformation({ id: 'm', raw: { id: 'm', context_length: 32768 } }, chat);
    assert.equal(info.maxInputTokens, 32768 - DEFAULT_MAX_OUTPUT_TOKENS);
    assert.equal(info.maxOutputTokens, DEFAULT_MAX_OUTPUT_TOKENS);
  });

  it('uses the record\'s own input and output limits', () => {
    const info = modelInformation({ id: 'm', raw: { max_input_tokens: 100000, max_output_tokens: 8000, context_length: 1 } }, chat);
    assert.equal(info.maxInputTokens, 100000);
    assert.equal(info.maxOutputTokens, 8000);
  });

  it('falls back to the documented defaults when the record gives no size', () => {
    const info = modelInformation({ id: 'plain', raw: 'plain' }, chat);
    assert.equal(info.maxInputTokens, DEFAULT_MAX_INPUT_TOKENS);
    assert.equal(info.maxOutputTokens, DEFAULT_MAX_OUTPUT_TOKENS);
    assert.equal(info.name, 'plain');
    assert.equal(info.family, 'plain');
  });

  it('takes name and family from the record when given', () => {
    const info = modelInformation({ id: 'org/m-7b', raw: { id: 'org/m-7b', name: 'M 7B', family: 'm' } }, chat);
    assert.equal(info.name, 'M 7B');
    assert.equal(info.family, 'm');
    assert.equal(info.id, 'org/m-7b');
  });

  it('offers tool calling when the record says so or the user enabled it, and only with chat completions', () => {
    const toolsRecord = { id: 't', raw: { supported_parameters: ['tools'] } };
    const plain = { id: 'p', raw: { id: 'p' } };
    assert.equal(modelInformation(toolsRecord, chat).capabilities.toolCalling, true);
    assert.equal(modelInformation(plain, chat).capabilities.toolCalling, false);
    assert.equal(modelInformation(plain, { api: 'chat', toolCallingModels: ['p'] }).capabilities.toolCalling, true);
    assert.equal(modelInformation(toolsRecord, { api: 'responses', toolCallingModels: ['t'] }).capabilities.toolCalling, false);
  });

  it('modelAccess.contextWindow states the window of a model whose record does not (and wins over one that does)', () => {
    const stated = { api: 'chat' as const, toolCallingModels: [], contextWindows: { plain: 16000, m: 8000 } };
    assert.deepEqual([modelInformation({ id: 'plain', raw: 'plain' }, stated).maxInputTokens, modelInformation({ id: 'plain', raw: 'plain' }, stated).maxOutputTokens], [16000 - 4096, 4096]);
    assert.equal(modelInformation({ id: 'm', raw: { max_input_tokens: 100000 } }, stated).maxInputTokens, 8000 - 4096);
    assert.equal(modelInformation({ id: 'other', raw: 'other' }, stated).maxInputTokens, 8192);
  });
});
