// A tool call's arguments arrive as JSON text from the model; VS Code wants an object.
import { ApiError } from '../../api';

/** The arguments object; empty text means no arguments. Anything but a JSON object is refused with the reason. */
export function parseToolArguments(toolName: string, text: string): object {
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ApiError(`The model called the tool "${toolName}" with arguments that are not a JSON object.`);
  }
  return value;
}
