export interface ProductionServer {
  baseUrl: string;
  /** The server's own DATA_DIR (its dev mail outbox is `${dataDir}/outbox`). */
  dataDir: string;
  stop(): Promise<void>;
}

export function startProductionServer(env?: Record<string, string>): Promise<ProductionServer>;
