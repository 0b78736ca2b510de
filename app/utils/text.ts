/** Text cut to at most `max` characters, ending with an ellipsis when it was longer (R80). */
export function cutText(text: string, max: number): string {
  const characters = Array.from(text);
  if (characters.length <= max) return text;
  return `${characters
    .slice(0, max - 1)
    .join("")
    .trimEnd()}…`;
}
