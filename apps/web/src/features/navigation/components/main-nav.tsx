import {
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { Link, NavLink } from 'react-router';
import { paths } from '../../../config/paths';
import { MENU_GROUPS, menuLinks, type MenuGroup } from '../../../config/public-pages';
import './navigation.css';

// The client token's key, as in lib/auth-tokens.ts (the origin's); read here directly so every
// public page does not load that module's chunk for one lookup (the 125 KB budget).
function storedUserToken(): boolean {
  try {
    return !!window.localStorage.getItem('user-token');
  } catch {
    return false; // storage disabled: signed out, as lib/auth-tokens.ts has it
  }
}

const noSubscription = () => () => {};

/**
 * Whether a client is signed in in this browser: false in the pre-rendered HTML and during
 * hydration (docs/product.md §8: no localStorage while rendering), the stored token right after.
 */
function useSignedIn(): boolean {
  return useSyncExternalStore(noSubscription, storedUserToken, () => false);
}

/**
 * The public site's main navigation: the Trade, Education and About menus of docs/origin.md §2 as a
 * WAI-ARIA disclosure navigation (docs/decisions/030-disclosure-navigation.md). Each top-level
 * item is a button with aria-expanded/aria-controls over a plain list of links; one submenu is
 * open at a time. Below 900 px the whole panel sits behind a Menu toggle.
 *
 * Nothing here reads window, storage or the clock while rendering: the pre-rendered HTML is the
 * closed state, and listeners are attached in effects only while something is open.
 */
export function MainNav() {
  const baseId = useId();
  const [panelOpen, setPanelOpen] = useState(false);
  const [openGroup, setOpenGroup] = useState<MenuGroup | null>(null);
  /** A pointer is pressed inside the menu (see the submenus' onBlur). */
  const pointerDown = useRef(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const groupButtons = useRef(new Map<MenuGroup, HTMLButtonElement>());

  const signedIn = useSignedIn();
  const panelId = 'site-nav';
  const submenuId = (group: MenuGroup) => `${baseId}-submenu-${group}`;

  // A click or tap outside the navigation closes whatever is open.
  const anythingOpen = panelOpen || openGroup !== null;
  useEffect(() => {
    if (!anythingOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      const root = rootRef.current;
      if (root && event.target instanceof Node && !root.contains(event.target)) {
        setOpenGroup(null);
        setPanelOpen(false);
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [anythingOpen]);

  const closeAll = () => {
    setOpenGroup(null);
    setPanelOpen(false);
  };

  // Following any link (submenu, Home, account buttons) closes the menus.
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (event.target instanceof Element && event.target.closest('a')) closeAll();
  };

  // Escape closes the open submenu and returns focus to its button; with no submenu open it
  // closes the mobile panel and returns focus to the toggle.
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape') return;
    if (openGroup) {
      const button = groupButtons.current.get(openGroup);
      setOpenGroup(null);
      button?.focus();
      event.stopPropagation();
    } else if (panelOpen) {
      setPanelOpen(false);
      toggleRef.current?.focus();
      event.stopPropagation();
    }
  };

  return (
    <div className="main-nav" ref={rootRef} onKeyDown={onKeyDown}>
      <button
        ref={toggleRef}
        type="button"
        className="main-nav-toggle"
        aria-expanded={panelOpen}
        aria-controls={panelId}
        onClick={() => setPanelOpen((value) => !value)}
      >
        <span className="nav-toggle-bars" aria-hidden="true" />
        Menu
      </button>
      <div
        id={panelId}
        className={panelOpen ? 'main-nav-panel main-nav-panel--open' : 'main-nav-panel'}
        onClick={onClick}
      >
        <nav aria-label="Main">
          <ul
            className="main-nav-list"
            onPointerDown={() => {
              pointerDown.current = true;
            }}
            onPointerUp={() => {
              pointerDown.current = false;
            }}
            onPointerCancel={() => {
              pointerDown.current = false;
            }}
          >
            <li className="main-nav-item">
              <NavLink to={paths.home} end className="main-nav-link">
                Home
              </NavLink>
            </li>
            {MENU_GROUPS.map((group) => {
              const expanded = openGroup === group.id;
              return (
                <li
                  key={group.id}
                  className="main-nav-item"
                  onBlur={(event) => {
                    // Tabbing out of an open submenu closes it (the disclosure pattern). A tap
                    // on another menu button is left to that button's click: closing here, as
                    // the finger goes down, moves the button up and the tap lands elsewhere.
                    const next = event.relatedTarget;
                    if (pointerDown.current) return;
                    if (expanded && next instanceof Node && !event.currentTarget.contains(next)) {
                      setOpenGroup(null);
                    }
                  }}
                >
                  <button
                    ref={(element) => {
                      if (element) groupButtons.current.set(group.id, element);
                      else groupButtons.current.delete(group.id);
                    }}
                    type="button"
                    className="main-nav-button"
                    aria-expanded={expanded}
                    aria-controls={submenuId(group.id)}
                    onClick={() =>
                      setOpenGroup((current) => (current === group.id ? null : group.id))
                    }
                  >
                    {group.label}
                    <span className="main-nav-chevron" aria-hidden="true" />
                  </button>
                  <ul id={submenuId(group.id)} className="main-nav-submenu" hidden={!expanded}>
                    {menuLinks(group.id).map((link) => (
                      <li key={link.path}>
                        <NavLink to={link.path} end className="main-nav-sublink">
                          {link.label}
                        </NavLink>
                      </li>
                    ))}
                  </ul>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="main-nav-actions">
          {signedIn ? (
            // A signed-in client needs the way back to the dashboard, not LOGIN (issue 16).
            <Link to={paths.userDashboardHome} className="button button--accent">
              MY DASHBOARD
            </Link>
          ) : (
            <>
              <Link to={paths.register} className="button button--accent">
                OPEN AN ACCOUNT
              </Link>
              <Link to={paths.userDashboard} className="button button--outline-light">
                LOGIN
              </Link>
            </>
          )}
        </div>
      </div>
    </div>
  );
}
