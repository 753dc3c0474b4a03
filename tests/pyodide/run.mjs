// Test-only runner (tests/test_project_pyodide.py): runs Python code under Pyodide, the Python of
// xlwings Lite, loaded from this directory's node_modules (npm package "pyodide", pinned in
// package-lock.json). Nothing is fetched: no loadPackage, no micropip; pure-Python packages
// are copied from the host into Pyodide's file system instead.
//
// stdin: JSON {"trees": {"<dir on sys.path in Pyodide>": {"<pyodide subdir>": "<host dir>"}},
//              "files": {"<pyodide path>": "<text>"}, "code": "<python>"}
// The code runs with runPythonAsync (top-level await allowed) and must leave a JSON text in
// the global RESULT, which is printed on stdout. Python errors go to stderr, exit status 1.

import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { loadPyodide } from "pyodide";

function copyTree(pyodide, host, target) {
  pyodide.FS.mkdirTree(target);
  for (const name of readdirSync(host)) {
    if (name === "__pycache__") continue;
    const from = join(host, name);
    if (statSync(from).isDirectory()) {
      copyTree(pyodide, from, `${target}/${name}`);
    } else if (name.endsWith(".py")) {
      pyodide.FS.writeFile(`${target}/${name}`, readFileSync(from));
    }
  }
}

const request = JSON.parse(readFileSync(0, "utf8"));
const pyodide = await loadPyodide({ stdout: (s) => process.stderr.write(s + "\n") });
for (const [root, trees] of Object.entries(request.trees ?? {})) {
  for (const [sub, host] of Object.entries(trees)) copyTree(pyodide, host, `${root}/${sub}`);
  pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(root)})`);
}
for (const [path, text] of Object.entries(request.files ?? {})) {
  pyodide.FS.mkdirTree(dirname(path));
  pyodide.FS.writeFile(path, text, { encoding: "utf8" });
}
try {
  await pyodide.runPythonAsync(request.code);
} catch (error) {
  process.stderr.write(String(error) + "\n");
  process.exit(1);
}
process.stdout.write(pyodide.globals.get("RESULT"));
