/** The scan routing lives in shared/ so every feature that takes scans (transfers, requests) reaches it. */
export * from '../../shared/scan-events.ts';
