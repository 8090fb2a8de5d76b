// CPU time of each thread of a run, printed to stderr at exit:
// `node -r ./scripts/thread-cpu.cjs bin/chuhan.js validate DIR --jobs 2 > /dev/null`.
// Reads /proc (Linux): `main` is the main thread, `v8` the sum of V8's and libuv's threads still
// alive at exit (V8's compiler and garbage collector threads), `workers` the rest of the process's
// CPU (threads that have ended: the worker threads of --jobs), `all` user + system of the process.
// Figures in ms, to the kernel's 10 ms tick.
'use strict';
const fs = require('node:fs');
if (require('node:worker_threads').isMainThread)
  process.on('exit', () => {
    const ticks = (stat) => {
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(f[11]) + Number(f[12])) * 10;
    };
    let main = 0;
    let v8 = 0;
    for (const t of fs.readdirSync('/proc/self/task')) {
      try {
        const ms = ticks(fs.readFileSync(`/proc/self/task/${t}/stat`, 'utf8'));
        if (t === String(process.pid)) main = ms;
        else v8 += ms;
      } catch {
        // a thread that ended meanwhile
      }
    }
    const all = ticks(fs.readFileSync('/proc/self/stat', 'utf8'));
    process.stderr.write(`thread CPU ms: main ${main} v8 ${v8} workers ${all - main - v8} all ${all}\n`);
  });
