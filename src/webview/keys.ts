// Keyboard rules shared by the prompt and the message editor.

/**
 * Enter sends; Shift+Enter is a new line. Never while an IME composition is open: the Enter
 * that confirms a Japanese or Chinese candidate must not send (keyCode 229 covers browsers
 * that report the composition's last keydown with isComposing already false).
 */
export function isSendKey(event: KeyboardEvent): boolean {
  return event.key === 'Enter' && !event.shiftKey && !event.altKey && !event.isComposing && event.keyCode !== 229;
}
