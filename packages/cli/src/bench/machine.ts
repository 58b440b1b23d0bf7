// The machine a figure was measured on: CPU, cores, memory, Node, OS and the load at the start.
import { cpus, loadavg, release, totalmem, type as osType } from 'node:os';

export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  os: string;
  /** 1, 5 and 15 minute load averages when the bench started. */
  loadAverage: [number, number, number];
}

/** Describes this machine (node:os). */
export function describeMachine(): Machine {
  const c = cpus();
  const [l1, l5, l15] = loadavg();
  const round2 = (x: number | undefined): number => Math.round((x ?? 0) * 100) / 100;
  return {
    cpu: c[0]?.model.trim() ?? 'unknown',
    cores: c.length,
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    os: `${osType()} ${release()}`,
    loadAverage: [round2(l1), round2(l5), round2(l15)],
  };
}

/** One line for the human output. */
export function machineLine(m: Machine): string {
  return `${m.cpu} · ${m.cores} cores · ${m.memoryGiB} GiB · Node ${m.node} · ${m.os} · load ${m.loadAverage.join(' ')}`;
}
