/** Copies text; answers whether it worked (spec §5: 'Copy successfully' or 'Copy failed'). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
