/** How a table's scrolling box shows its columns at the browser's current width. */
export interface TableScrollLayout {
  /** True when its box scrolls sideways (`overflow-x: auto | scroll`). */
  readonly scrolls: boolean;
  /** The header texts whose right edge lies beyond the viewport before any scrolling. */
  readonly outside: readonly string[];
  /** How far the box scrolled when asked to show its last column, in px (0: nothing to scroll). */
  readonly scrolledTo: number;
  /** True when, scrolled to its end, the last header lies inside the viewport. */
  readonly lastHeaderInView: boolean;
  /**
   * Where the first cell of the first body row sits from the box's left edge once scrolled to
   * its end, in px: about 0 when the row labels are sticky, the scrolled distance when not.
   */
  readonly labelOffset: number;
}

/** The least of a browser element handle `measureTableScroll` needs (playwright's `Locator` fits). */
export interface EvaluatingElement {
  /** Runs a self-contained function on the element in the page and resolves with its result. */
  evaluate<Result>(pageFunction: (element: HTMLElement) => Result): Promise<Result>;
}

/**
 * Measures a table's scrolling box (`box`, e.g. a locator of `.matrix-scroll`): which headers
 * start outside the viewport, then — scrolled to its last column — whether that column is in view
 * and whether the row labels stayed at the box's left edge (sticky). Leaves the box scrolled to
 * its end. The function runs inside the browser, so it is self-contained.
 */
export function measureTableScroll(box: EvaluatingElement): Promise<TableScrollLayout> {
  return box.evaluate((element) => {
    const style = getComputedStyle(element);
    const outside = [...element.querySelectorAll('thead th')]
      .filter((header) => header.getBoundingClientRect().right > window.innerWidth)
      .map((header) => header.textContent ?? '');
    element.scrollLeft = element.scrollWidth;
    const label = element.querySelector('tbody tr > :first-child');
    const last = element.querySelector('thead th:last-child');
    return {
      scrolls: style.overflowX === 'auto' || style.overflowX === 'scroll',
      outside,
      scrolledTo: element.scrollLeft,
      lastHeaderInView:
        last === null || last.getBoundingClientRect().right <= window.innerWidth + 1,
      labelOffset:
        label === null
          ? 0
          : label.getBoundingClientRect().left - element.getBoundingClientRect().left,
    };
  });
}
