import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** The benchmarks' server processes: started with `node ARGS`, each printing its base URL on its first line. */
export function startProcess(args: string[], what: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`${what} did not start within 20 s: ${err}`));
    }, 20_000);
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('\n')) {
        clearTimeout(timer);
        resolve({ child, url: out.split('\n')[0]!.trim() });
      }
    });
    child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
    child.on('exit', (code) => reject(new Error(`${what} exited with ${code}: ${err}`)));
  });
}

export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  child.removeAllListeners('exit');
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  return exited;
}

/**
 * The bare server: a fixed body, after `argv[1]` µs of busy work per request (0 for the baseline). With work added it
 * calibrates the target: the ratio a server reaches that does that much more per request on this machine.
 */
export const BARE = `const http=require('node:http');const us=Number(process.argv[1]||0)/1000;const body=Buffer.from('oauth_token=fixed&oauth_token_secret=fixed&oauth_expires_in=600');http.createServer((q,s)=>{q.resume();q.on('end',()=>{const until=performance.now()+us;while(performance.now()<until);s.writeHead(200,{'Content-Type':'application/x-www-form-urlencoded','Content-Length':body.length});s.end(body);});}).listen(0,'127.0.0.1',function(){console.log('http://127.0.0.1:'+this.address().port);});process.on('SIGTERM',()=>process.exit(0));`;

export /** CPU seconds a process has used (user + system), from /proc on Linux; null elsewhere. */
function cpuSeconds(pid: number | undefined): number | null {
  try {
    // Fields after the command name: utime and stime are the 12th and 13th, in clock ticks (100 per second on Linux).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}
