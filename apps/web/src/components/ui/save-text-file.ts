/** Hands `text` to the browser as a file download (a Blob URL, released right after). */
export function saveTextFile(text: string, fileName: string, type = 'text/plain;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns: release it on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
