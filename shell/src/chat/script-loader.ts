/**
 * Loads a third-party script once per URL (spec section 8: a failure rejects with 'load error'). A failed
 * load is forgotten, so a later call tries again.
 */
const loads = new Map<string, Promise<void>>();

export function loadScript(src: string, doc: Document = document, attributes: Record<string, string> = {}): Promise<void> {
  const known = loads.get(src);
  if (known) return known;
  const promise = new Promise<void>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = src;
    script.async = true;
    for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
    script.onload = () => resolve();
    script.onerror = () => {
      loads.delete(src);
      script.remove();
      reject(new Error('load error'));
    };
    doc.head.appendChild(script);
  });
  loads.set(src, promise);
  return promise;
}
