/**
 * The output of a non-streamed reply, collected token by token (and billed as it is produced, like
 * a stream), shared by /chat/completions and /responses.
 */
import { MIDSTREAM_ERROR, type CallContext } from './callContext';
import { runPlan } from './generation';
import { HttpError } from './httpError';
import type { OutputPlan } from './output';

export interface WholeOutput {
  reasoning: string;
  text: string;
  outputTokens: number;
}

/**
 * Runs the plan to its end. Undefined when the client went away first; the mid-stream fault
 * becomes a 500, as a service that fails while producing a whole reply answers.
 */
export async function collectWholeOutput(ctx: CallContext, plan: OutputPlan): Promise<WholeOutput | undefined> {
  const output: WholeOutput = { reasoning: '', text: '', outputTokens: 0 };
  const finished = await runPlan(plan, ctx.signal, (kind, token) => {
    if (kind === 'reasoning') output.reasoning += token;
    else output.text += token;
    output.outputTokens += 1;
    ctx.billOutput(1);
  });
  if (!finished) return undefined;
  if (plan.ending === 'midstream-error') {
    ctx.markFailed();
    throw new HttpError(500, MIDSTREAM_ERROR.type, MIDSTREAM_ERROR.code, MIDSTREAM_ERROR.message);
  }
  return output;
}
