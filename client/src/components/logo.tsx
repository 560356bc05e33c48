/**
 * The product mark: three stacked crates, drawn inline so it needs no asset pipeline. index.html draws
 * the same mark (its favicon, and the splash shown before any script runs): a change goes in both.
 */
export const PRODUCT_NAME = 'StockLedger';

export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-label={PRODUCT_NAME}>
      <rect x="2" y="2" width="28" height="28" rx="7" fill="#1c7ed6" />
      <rect x="8" y="17" width="7" height="7" rx="1.5" fill="#fff" />
      <rect x="17" y="17" width="7" height="7" rx="1.5" fill="#fff" />
      <rect x="12.5" y="8" width="7" height="7" rx="1.5" fill="#a5d8ff" />
    </svg>
  );
}
