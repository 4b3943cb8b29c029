// Pure (no vscode): which workspace files are project instructions, and the system message they make.
import type { SentInstructions } from '../../shared/protocol';
import { estimateTokens } from '../../shared/estimateTokens';
import { ATTACHMENT_BUDGET_CHARS, cutPoint } from '../attachments/wireContent';

/** Looked for at the root of each workspace folder, in this order (the conventions of agents and Copilot). */
export const INSTRUCTION_FILES: readonly string[] = ['AGENTS.md', '.github/copilot-instructions.md'];

/**
 * The system message: each file under a line naming it, so the model (and the user reading the
 * transcript) knows where every rule came from. A file over the per-file budget is cut, with a marker.
 */
export function instructionsMessage(files: ReadonlyArray<{ path: string; text: string }>, budget = ATTACHMENT_BUDGET_CHARS): SentInstructions {
  const parts = files.map(({ path, text }) => {
    const whole = text.replace(/\r\n/g, '\n').trim();
    const end = cutPoint(whole, budget);
    const cut = end < whole.length ? `\n[Cut: only the first ${end} of ${whole.length} characters of ${path} were sent.]` : '';
    return `Project instructions from ${path}:\n\n${whole.slice(0, end)}${cut}`;
  });
  const text = parts.join('\n\n---\n\n');
  return { paths: files.map((file) => file.path), text, tokens: estimateTokens(text) };
}
