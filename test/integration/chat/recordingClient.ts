// The real client, recording the requests the chat session makes (what goes on the wire is covered
// in the client's tests): shared by the chat integration tests.
import { ModelAccessClient, type ChatRequest, type RespondRequest } from '../../../src/api';

export class RecordingClient extends ModelAccessClient {
  readonly requests: (ChatRequest | RespondRequest)[] = [];
  override chat(request: ChatRequest, options?: Parameters<ModelAccessClient['chat']>[1]): ReturnType<ModelAccessClient['chat']> {
    this.requests.push(request);
    return super.chat(request, options);
  }
  override respond(request: RespondRequest, options?: Parameters<ModelAccessClient['respond']>[1]): ReturnType<ModelAccessClient['respond']> {
    this.requests.push(request);
    return super.respond(request, options);
  }
}
