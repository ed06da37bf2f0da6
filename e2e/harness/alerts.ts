/** The app's alert dialog (spec §8 texts): read it and dismiss it like a person. */
import type { Page } from "playwright-core";

/** The open alert dialog's title and text; dismisses it with OK. */
export async function readAlert(page: Page): Promise<{ title: string | null; text: string }> {
  const dialog = page.getByRole("alertdialog");
  await dialog.waitFor();
  const text = (await dialog.locator(".alert-dialog-text").textContent()) ?? "";
  const title = (await dialog.locator(".alert-dialog-title").count())
    ? await dialog.locator(".alert-dialog-title").textContent()
    : null;
  await dialog.getByRole("button", { name: "OK" }).click();
  await dialog.waitFor({ state: "detached" });
  return { title, text };
}
