import { useEffect, useState } from 'preact/hooks';

const query = '(prefers-color-scheme: dark)';

/** The system's colour scheme, following its changes (charts redraw their axes with it). */
export function useColorScheme(): 'light' | 'dark' {
  const [dark, setDark] = useState(() => typeof matchMedia === 'function' && matchMedia(query).matches);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const mq = matchMedia(query);
    const onChange = () => setDark(mq.matches);
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }, []);
  return dark ? 'dark' : 'light';
}
