// Who holds a lock or a run: a process of this machine, named by more than its pid (which the
// system reuses), so a lock or a temp file left by a dead process is known as such.
import fs from 'node:fs';
import os from 'node:os';

/** Whether a process of this machine still exists (it may belong to another user). */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Who a process is, beyond its pid, which the system reuses (pid 1 in every container): the
 * machine, its boot and the process's start time, where /proc tells them (Linux); elsewhere the
 * machine alone, if the pid exists. Null when no such process runs.
 */
export function processIdentity(pid: number): string | null {
  const host = os.hostname();
  if (!fs.existsSync('/proc/self/stat')) return processExists(pid) ? host : null;
  try {
    const boot = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // fields after the command name (which may hold spaces and parentheses): state is field 3, starttime field 22
    const started = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    return `${host}/${boot}/${started}`;
  } catch {
    return null;
  }
}
