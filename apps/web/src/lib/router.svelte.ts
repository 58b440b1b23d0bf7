// A small path router over the History API: `/`, `/room/:id`, `/replay/:id`, `/ratings/:game`, `/studio` (the server serves
// index.html for every HTML GET it has no route for).

export type Route = { name: 'lobby' } | { name: 'room'; id: string; seat: number | null } | { name: 'replay'; id: string } | { name: 'ratings'; game: string } | { name: 'studio' } | { name: 'missing'; path: string };

export function parseRoute(pathname: string, search = ''): Route {
  const room = /^\/room\/([\w-]{1,64})\/?$/.exec(pathname);
  if (room) {
    const seat = new URLSearchParams(search).get('seat');
    return { name: 'room', id: room[1]!, seat: seat !== null && /^\d+$/.test(seat) ? Number(seat) : null };
  }
  const replay = /^\/replay\/([\w-]{1,64})\/?$/.exec(pathname);
  if (replay) return { name: 'replay', id: replay[1]! };
  const ratings = /^\/ratings\/([a-z0-9-]{1,64})\/?$/.exec(pathname);
  if (ratings) return { name: 'ratings', game: ratings[1]! };
  if (pathname === '/studio' || pathname === '/studio/') return { name: 'studio' };
  if (pathname === '/' || pathname === '') return { name: 'lobby' };
  return { name: 'missing', path: pathname };
}

class Router {
  route = $state<Route>(typeof location === 'undefined' ? { name: 'lobby' } : parseRoute(location.pathname, location.search));

  constructor() {
    if (typeof window !== 'undefined') {
      window.addEventListener('popstate', () => (this.route = parseRoute(location.pathname, location.search)));
    }
  }

  go(path: string, replace = false): void {
    if (replace) history.replaceState(null, '', path);
    else history.pushState(null, '', path);
    this.route = parseRoute(location.pathname, location.search);
    window.scrollTo(0, 0);
  }
}

export const router = new Router();
