/** The fixed answer of 'showcase' models: one of every markdown construct a chat UI has to render. */
export const SHOWCASE_MARKDOWN = `# Showcase answer

This reply exercises the **markdown** features a chat view has to render, with *emphasis* and \`inline code\`.

## A list

- First item
- Second item with a [link to example.com](https://example.com)
- Third item
  1. a nested, numbered step
  2. and another one

## A table

| Language   | Typing  | First released |
|------------|---------|---------------:|
| TypeScript | static  | 2012 |
| Python     | dynamic | 1991 |

## Code in two languages

\`\`\`typescript
export function greet(name: string): string {
  return \`Hello, \${name}!\`;
}
\`\`\`

\`\`\`python
def greet(name: str) -> str:
    return f"Hello, {name}!"
\`\`\`

> A quote, to finish.
`;
