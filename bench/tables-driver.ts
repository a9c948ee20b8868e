/**
 * The dealer consoles and shoes of the tables benchmark, in their own process as they are in production:
 * plays the simulated tables against the service's HTTP API and reports the result over IPC (and, first, when play
 * begins).
 */
import { simulateTables, SimulationOptions, SimulationResult } from '../tools/simulator/table-simulator';

process.once('message', (options: SimulationOptions) => {
  // The benchmark measures the service from here on (bench/server-probe.ts), not while tables open.
  simulateTables({ ...options, onPlay: () => process.send!({ playing: true }) }).then(
    (result: SimulationResult) => process.send!(result, () => process.exit(0)),
    (err: Error) => {
      console.error(err);
      process.exit(1);
    },
  );
});
