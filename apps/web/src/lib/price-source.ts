// The label every screen with prices carries: the terminal's panels and the dealing desk.

/** "Simulated prices" for the simulator and replays (PRODUCT §11.1); a real feed names itself. */
export function priceSourceLabel(source: string | undefined): string {
  if (source === undefined || source === 'simulated' || source === 'replay')
    return 'Simulated prices';
  return `Prices from ${source}`;
}
