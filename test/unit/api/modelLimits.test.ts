import assert from 'node:assert/strict';
import { CONTEXT_SIZE_FIELDS, INPUT_LIMIT_FIELDS, OUTPUT_LIMIT_FIELDS, readModelLimits, readToolCalling } from '../../../src/api/modelLimits';

/** A record holding `value` at the dotted `field` path. */
function recordWith(field: string, value: number): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  const parts = field.split('.');
  let at = record;
  for (const part of parts.slice(0, -1)) at = (at[part] = {}) as Record<string, unknown>;
  at[parts.at(-1) as string] = value;
  return record;
}

describe('api/modelLimits: context size and tool calling from a /models record', () => {
  const contextFixtures: [string, unknown][] = [
    ['context_length (OpenRouter, LM Studio)', { id: 'm', context_length: 131072 }],
    ['max_model_len (vLLM)', { id: 'm', max_model_len: 131072 }],
    ['context_window (Groq)', { id: 'm', context_window: 131072 }],
    ['max_context_length (Mistral)', { id: 'm', max_context_length: 131072 }],
    ['n_ctx (llama.cpp)', { id: 'm', n_ctx: 131072 }],
    ['top_provider.context_length (OpenRouter)', { id: 'm', top_provider: { context_length: 131072 } }],
    ['meta.n_ctx_train (llama.cpp server)', { id: 'm', meta: { n_ctx_train: 131072 } }],
    ['a numeric string', { id: 'm', context_length: '131072' }],
    ['max_total_tokens (TGI)', { id: 'm', max_total_tokens: 131072 }],
    ['max_seq_len', { id: 'm', max_seq_len: 131072 }],
    ['metadata.context_length (DeepInfra)', { id: 'm', metadata: { context_length: 131072 } }],
  ];
  for (const [name, record] of contextFixtures) {
    it(`reads ${name}`, () => assert.equal(readModelLimits(record).contextTokens, 131072));
  }

  it('every documented field path is read', () => {
    for (const field of CONTEXT_SIZE_FIELDS) {
      assert.equal(readModelLimits(recordWith(field, 1000)).contextTokens, 1000, field);
    }
  });

  const inputFixtures: [string, unknown][] = [
    ['max_input_tokens (LiteLLM, Anthropic-style)', { id: 'm', max_input_tokens: 200000 }],
    ['inputTokenLimit (Gemini)', { id: 'm', inputTokenLimit: 200000 }],
    ['model_info.max_input_tokens (LiteLLM /model/info)', { id: 'm', model_info: { max_input_tokens: 200000 } }],
    ['max_input_length (older TGI)', { id: 'm', max_input_length: 200000 }],
  ];
  for (const [name, record] of inputFixtures) {
    it(`reads the input limit from ${name}, not as the context window`, () => assert.deepEqual(readModelLimits(record), { inputTokens: 200000 }));
  }

  it('every documented input and output field path is read', () => {
    for (const [fields, key] of [[INPUT_LIMIT_FIELDS, 'inputTokens'], [OUTPUT_LIMIT_FIELDS, 'outputTokens']] as const) {
      for (const field of fields) {
        assert.equal(readModelLimits(recordWith(field, 777))[key], 777, field);
      }
    }
  });

  it('reads input and output limits apart from the context window', () => {
    assert.deepEqual(readModelLimits({ max_input_tokens: 100000, max_output_tokens: 8192 }), { inputTokens: 100000, outputTokens: 8192 });
    assert.deepEqual(readModelLimits({ context_length: 200000, top_provider: { max_completion_tokens: 4096 } }), { contextTokens: 200000, outputTokens: 4096 });
  });

  it('says nothing when the record says nothing or nonsense (no guessing)', () => {
    for (const record of [undefined, null, 'echo-1', {}, { context_length: 0 }, { context_length: -5 }, { context_length: 1.5 }, { context_length: 'big' }, { n_ctx: null }]) {
      assert.deepEqual(readModelLimits(record), {}, JSON.stringify(record));
    }
  });

  it('reads tool calling from supported_parameters, capabilities and supports_* flags; undefined when not said', () => {
    assert.equal(readToolCalling({ supported_parameters: ['tools', 'temperature'] }), true);
    assert.equal(readToolCalling({ supported_parameters: ['temperature'] }), false);
    assert.equal(readToolCalling({ capabilities: { tool_calling: true } }), true);
    assert.equal(readToolCalling({ capabilities: ['completion', 'tools'] }), true);
    assert.equal(readToolCalling({ supports_function_calling: true }), true);
    assert.equal(readToolCalling({ supports_tool_calling: false, supported_parameters: ['tools'] }), false);
    assert.equal(readToolCalling({ id: 'm' }), undefined);
    assert.equal(readToolCalling('m'), undefined);
  });
});
