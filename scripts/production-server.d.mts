export interface ProductionServer {
  baseUrl: string;
  stop(): Promise<void>;
}

export function startProductionServer(env?: Record<string, string>): Promise<ProductionServer>;
