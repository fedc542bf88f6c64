import { useSnapshot } from 'valtio';
import { dataSaver } from '../stores/dataSaver';

/** Whether data-saver mode is on now (src/stores/dataSaver.ts); re-renders when it turns on or off. */
export function useDataSaver(): boolean {
  return useSnapshot(dataSaver).on;
}
