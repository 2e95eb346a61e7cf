// The vendored Pyodide's module (dist/pyodide/pyodide.mjs, written by build.py), as the workers
// import it from web/engine/ ("../pyodide/pyodide.mjs"; tsconfig.workers.json's rootDirs put this
// folder beside web/). Only what the workers call: loadPyodide's options and the runtime it
// resolves with are Pyodide's own (its npm package's pyodide.d.ts), taken here as they come.
export function loadPyodide(options?: Record<string, unknown>): Promise<any>;
