export function DismissibleBanner({ text, onDismiss }: { text: string; onDismiss: () => void }) {
  return (
    <div className="wallet-page-banner" role="alert">
      <p className="wallet-page-banner-text">{text}</p>
      <button type="button" className="wallet-page-banner-close" aria-label="Dismiss" onClick={onDismiss}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
