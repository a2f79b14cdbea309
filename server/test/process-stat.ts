import { readFileSync } from 'node:fs';

/**
 * A process's /proc/<pid>/stat (Linux), from the field after the command on: the command is in
 * parentheses and may hold spaces and parentheses itself. [1] is the parent's id, [11] and [12]
 * the user and system time in ticks of 1/100 s (USER_HZ, whatever the kernel's own tick).
 */
export function processStat(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}
