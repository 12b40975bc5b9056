/**
 * The phone's transaction editor as a layer over the page it was opened from (issue 29): that
 * page stays mounted, hidden under the editor, so a tap on 'Add transaction' or on a row mounts
 * only the editor, and leaving it (Save, Cancel, Back) unmounts only the editor: the page is
 * shown again as it was, with no re-mount of its rows and no read before it paints. The address
 * and the history are the editor's own (`/transactions/…`); the covered page rides in the
 * editor's history entry (`editorState`, navigation.ts).
 */
import {
  type ComponentType,
  memo,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import {
  type Location,
  Route,
  Routes,
  UNSAFE_LocationContext as LocationContext,
  useNavigationType,
} from 'react-router';
import { useStore } from '../../../store/context.ts';
import { Button } from '../../kit/ui/Button.tsx';
import { ErrorText } from '../../kit/ui/ErrorText.tsx';
import { Spinner } from '../../kit/ui/Spinner.tsx';
import { EditorCodeSlot } from './editor-loader.ts';
import { editorUnder } from './navigation.ts';
import { PhoneMemorySlot } from './phone-memory.ts';

/**
 * The page under the editor (null: no editor open over a page), whether the editor covers it
 * (not once a save has left it, before the history's step back), and the ref of the element that
 * holds the page: its scroll position and focus come back when it shows again. Only the phone's
 * links open the editor over a page; once open it stays a layer whatever the window's width: a
 * window widened under it would otherwise mount the editor afresh as a page, and what was typed
 * would be gone.
 */
export function useEditorLayer(location: Location) {
  const memory = useStore().slot(PhoneMemorySlot);
  const opening = useSyncExternalStore(memory.subscribe, memory.openingNow);
  // A tap's editor shows before the router's address (a transition) comes; once the router has
  // moved from the page the tap was on, its address rules (`shown`: the layer's address).
  const fromKey = opening ? editorUnder(opening)?.key : undefined;
  const shown = opening && location.key === fromKey ? opening : location;
  useEffect(() => {
    if (opening && location.key !== fromKey) memory.opened();
  }, [memory, opening, fromKey, location.key]);
  const under = useMemo(() => editorUnder(shown), [shown]);
  const { left } = useSyncExternalStore(memory.subscribe, memory.current);
  // Saved: the editor is gone and the page shows in the save's own task; the history's step
  // back (a trip through the browser) then only changes the address.
  const covered = under !== null && left !== shown.key;
  useEffect(() => {
    if (left !== null && left !== location.key) memory.arrived();
  }, [memory, left, location.key]);
  const routeRef = useRef<HTMLDivElement>(null);
  useKeptPlace(routeRef, covered);
  return { under, covered, routeRef, shown };
}

/**
 * Where the covered page was scrolled to and what had the focus (the row or button that opened
 * the editor): both back when the editor closes, as if the person had never left the page. The
 * scroll is followed by its events, not read: reading or setting it lays the page out at once,
 * and on a phone-class CPU that forced layout was a good part of the editor's first frame.
 */
function useKeptPlace(routeRef: RefObject<HTMLDivElement | null>, covered: boolean) {
  const scroll = useRef(0);
  const listScroll = useRef(0);
  const focus = useRef<Element | null>(null);
  useEffect(() => {
    const scroller = routeRef.current?.parentElement;
    if (!scroller) return;
    const onScroll = () => {
      scroll.current = scroller.scrollTop;
    };
    scroller.addEventListener('scroll', onScroll, { passive: true });
    return () => scroller.removeEventListener('scroll', onScroll);
  }, [routeRef]);
  const wasCovered = useRef(covered);
  useLayoutEffect(() => {
    const scroller = routeRef.current?.parentElement;
    if (wasCovered.current === covered || !scroller) return;
    wasCovered.current = covered;
    if (covered) {
      // Read before anything asks for a layout: the hidden page's focus is not yet dropped.
      focus.current = document.activeElement;
      listScroll.current = scroll.current;
      // The editor starts at its top (only a scrolled page needs it set).
      if (scroll.current !== 0) scroller.scrollTop = 0;
      return;
    }
    if (scroll.current !== listScroll.current) scroller.scrollTop = listScroll.current;
    const el = focus.current;
    focus.current = null;
    const lost = !document.activeElement || document.activeElement === document.body;
    if (lost && el instanceof HTMLElement && routeRef.current?.contains(el)) {
      el.focus({ preventScroll: true });
    }
  }, [routeRef, covered]);
}

/**
 * The editor's routes at `location` (the tap's address before the router's), drawn over the
 * covered page; a spinner while the editor's code is still on its way.
 */
export function EditorLayer({ location }: { location: Location }) {
  const code = useStore().slot(EditorCodeSlot);
  const Editor = useSyncExternalStore(code.subscribe, code.current);
  const [failed, setFailed] = useState(false);
  const entry = useEditorEntry(location);
  useEffect(() => {
    if (Editor || failed) return;
    void code.load().catch(() => setFailed(true));
  }, [code, Editor, failed]);
  return (
    <div className="shell-layer">
      {Editor ? (
        <EditorRoutes entry={entry} Editor={Editor} />
      ) : failed ? (
        <div className="page ph-page">
          <ErrorText>The editor could not be loaded.</ErrorText>
          <Button onClick={() => setFailed(false)}>Try again</Button>
        </div>
      ) : (
        <div className="page ph-page">
          <Spinner label="Loading the editor" />
        </div>
      )}
    </div>
  );
}

/**
 * The editor's location context, the same object while its address is the same: the tap's
 * opening and the router's own entry for it (which comes after, with another key and the
 * history's copy of the state) are one to the editor, so the router's arrival renders none of
 * it again (a second render of every field, on a phone's CPU, right after its first frame).
 */
function useEditorEntry(location: Location) {
  const navigationType = useNavigationType();
  const { pathname, search, hash } = location;
  return useMemo(
    () => ({ location, navigationType }),
    // The address, not the objects: the router makes a new location on every change.
    [pathname, search, hash],
  );
}

/** The editor's routes under that context, memoised: a render of the layer reaches them not. */
const EditorRoutes = memo(function EditorRoutes(props: {
  entry: { location: Location; navigationType: ReturnType<typeof useNavigationType> };
  Editor: ComponentType;
}) {
  const { Editor } = props;
  return (
    <LocationContext.Provider value={props.entry}>
      <Routes>
        <Route path="/transactions/new" element={<Editor />} />
        <Route path="/transactions/:id" element={<Editor />} />
      </Routes>
    </LocationContext.Provider>
  );
});
