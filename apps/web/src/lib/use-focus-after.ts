import { useEffect, useRef } from 'react';

/**
 * Gives the focus back once a button's action ends. MUI's `loading` disables the button while its call runs,
 * and the browser moves the focus of a disabled button to the page's body: a keyboard or screen-reader user
 * lost their place after every such action. Set the returned ref to the element to come back to when the
 * action starts; once `busy` is over, it gets the focus again, unless something else took it meanwhile.
 */
export function useFocusAfter(busy: boolean) {
  const target = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const element = target.current;
    if (busy || !element) return;
    target.current = null;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (lost && element.isConnected) element.focus();
  }, [busy]);
  return target;
}
