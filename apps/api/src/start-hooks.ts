/**
 * Work that runs once the local stack is up (after migrations and listen): the demo-data seeder and the
 * like register here so that `npm start` and the end-to-end stack run them in one place.
 */

import { seedDemoStartHook } from "./demo/seed";
import type { App } from "./deps";

export interface StartHookContext {
  log: (line: string) => void;
}

export type StartHook = (app: App, context: StartHookContext) => Promise<void>;

const hooks: StartHook[] = [];

export function registerStartHook(hook: StartHook): void {
  hooks.push(hook);
}

export async function runStartHooks(app: App, context: StartHookContext): Promise<void> {
  for (const hook of hooks) await hook(app, context);
}

registerStartHook(seedDemoStartHook);
