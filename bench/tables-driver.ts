/**
 * The dealer consoles and shoes of the tables benchmark, in their own process as they are in production:
 * plays the simulated tables against the service's HTTP API and reports the result over IPC.
 */
import { simulateTables, SimulationOptions, SimulationResult } from '../tools/simulator/table-simulator';

process.once('message', (options: SimulationOptions) => {
  simulateTables(options).then(
    (result: SimulationResult) => process.send!(result, () => process.exit(0)),
    (err: Error) => {
      console.error(err);
      process.exit(1);
    },
  );
});
