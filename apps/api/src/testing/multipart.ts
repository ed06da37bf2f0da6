/** Builds a multipart/form-data body for `app.inject`, the way a browser's FormData sends it. */

export interface TestFile {
  bytes: Uint8Array;
  /** Declared MIME type; the server must not trust it. */
  type?: string;
  filename?: string;
}

export async function multipartBody(
  fields: Record<string, string | number | undefined>,
  files: Record<string, TestFile> = {},
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, String(value));
  for (const [name, file] of Object.entries(files)) {
    const blob = new Blob([Uint8Array.from(file.bytes)], { type: file.type ?? "application/octet-stream" });
    form.append(name, blob, file.filename ?? "upload.bin");
  }
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { "content-type": request.headers.get("content-type") ?? "" },
  };
}
