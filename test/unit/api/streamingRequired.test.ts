import assert from 'node:assert/strict';
import { ApiError } from '../../../src/api/errors';
import { isStreamingRequiredError } from '../../../src/api/streamingRequired';

describe('api/streamingRequired', () => {
  it('recognises the 400 of a model that answers only when streaming', () => {
    assert.equal(isStreamingRequiredError(new ApiError('This model only supports streaming responses. Set stream to true.', { status: 400 })), true);
    assert.equal(isStreamingRequiredError(new ApiError('Bad request', { status: 400, code: 'stream_required' })), true);
    assert.equal(isStreamingRequiredError(new ApiError('stream: true is required for this model', { status: 400 })), true);
  });

  it('does not fire for other errors', () => {
    assert.equal(isStreamingRequiredError(new ApiError('only streaming', { status: 403 })), false);
    assert.equal(isStreamingRequiredError(new ApiError('missing field messages', { status: 400 })), false);
    assert.equal(isStreamingRequiredError(new ApiError('unknown parameter stream_options', { status: 400 })), false);
    assert.equal(isStreamingRequiredError(new Error('stream only')), false);
    assert.equal(isStreamingRequiredError(undefined), false);
  });
});
