/**
 * The report page's script. It is serialized with `Function.prototype.toString` into the page
 * (whose CSP admits exactly its hash), so it must stay self-contained: no imports, no
 * references to anything outside its own body.
 */
export function reportClient(): void {
  interface TraceEntry {
    module: string;
    messages: { role: string; text: string }[];
    output?: Record<string, unknown>;
    notes?: string[];
  }
  interface Evaluation {
    output: Record<string, unknown>;
    feedback?: string;
    moduleFeedback?: Record<string, string>;
    trace: TraceEntry[];
  }
  interface PageData {
    best: number;
    instances: Record<
      string,
      { input: Record<string, unknown>; gold: Record<string, unknown>; scores: (string | null)[] }
    >;
    evaluations: Record<string, Record<string, Evaluation>>;
    live?: { versionUrl: string; version: string; intervalMs: number };
  }
  interface SavedState {
    filters: Record<string, string>;
    cell?: { instance: string; candidate: number };
    open: string[];
    scrollY: number;
  }

  const dataElement = document.getElementById('forge-report-data');
  const data = JSON.parse(dataElement?.textContent ?? '{}') as PageData;
  const storageKey = `forge-report:${location.pathname}`;

  function element(tag: string, className?: string, text?: string): HTMLElement {
    const created = document.createElement(tag);
    if (className !== undefined) created.className = className;
    if (text !== undefined) created.textContent = text;
    return created;
  }

  function formatValue(value: unknown): string {
    return typeof value === 'string' ? value : (JSON.stringify(value, null, 2) ?? String(value));
  }

  function valueBlock(label: string, value: unknown): HTMLElement {
    const block = element('div', 'value-block');
    block.append(element('h5', undefined, label), element('pre', 'value-text', formatValue(value)));
    return block;
  }

  function fields(label: string, values: Record<string, unknown>): HTMLElement[] {
    const entries = Object.entries(values);
    if (entries.length === 0) return [valueBlock(label, '(none)')];
    return entries.map(([name, value]) => valueBlock(`${label}: ${name}`, value));
  }

  // Filters: every select narrows the rows of its target to those carrying its token.
  const filterGroups = Array.from(
    document.querySelectorAll<HTMLElement>('.filters[data-filters-for]'),
  );
  function applyFilters(group: HTMLElement): void {
    const target = document.getElementById(group.dataset['filtersFor'] ?? '');
    if (target === null) return;
    const selects = Array.from(group.querySelectorAll<HTMLSelectElement>('select[data-filter]'));
    const rows = Array.from(target.children) as HTMLElement[];
    let shown = 0;
    for (const row of rows) {
      const visible = selects.every((select) => {
        if (select.value === '') return true;
        const tokens = (row.getAttribute(`data-${select.dataset['filter'] ?? ''}`) ?? '').split(
          ' ',
        );
        return tokens.includes(select.value);
      });
      row.hidden = !visible;
      if (visible) shown += 1;
    }
    const count = group.querySelector<HTMLElement>('[data-filter-count]');
    if (count !== null) {
      count.textContent = `${shown} of ${rows.length} ${count.dataset['noun'] ?? ''} shown`;
    }
  }
  for (const group of filterGroups) {
    group.hidden = false;
    group.addEventListener('change', () => {
      applyFilters(group);
      saveState();
    });
  }

  // The instance explorer: a cell opens that candidate's evaluation of the instance.
  const detail = document.getElementById('instance-detail');
  let selected: { instance: string; candidate: number } | undefined;
  function showEvaluation(instanceId: string, candidate: number): void {
    if (detail === null) return;
    const instance = data.instances[instanceId];
    if (instance === undefined) return;
    selected = { instance: instanceId, candidate };
    for (const previous of Array.from(document.querySelectorAll('.score-matrix button.selected'))) {
      previous.classList.remove('selected');
      previous.setAttribute('aria-pressed', 'false');
    }
    const row = document.querySelector(
      `.score-matrix tr[data-instance="${CSS.escape(instanceId)}"]`,
    );
    const cell = row?.querySelector(`button[data-c="${candidate}"]`);
    cell?.classList.add('selected');
    cell?.setAttribute('aria-pressed', 'true');
    const score = instance.scores[candidate];
    const evaluation = data.evaluations[String(candidate)]?.[instanceId];
    detail.replaceChildren();
    const heading = element(
      'h3',
      undefined,
      `Instance ${instanceId} · candidate #${candidate}${candidate === data.best ? ' (best)' : ''} · score ${score === null || score === undefined ? '—' : score}`,
    );
    detail.append(heading, ...fields('Input', instance.input), ...fields('Gold', instance.gold));
    if (evaluation === undefined) {
      detail.append(
        element(
          'p',
          'muted',
          'The output and trace of this evaluation were not recorded for this run.',
        ),
      );
      return;
    }
    detail.append(...fields('Output', evaluation.output));
    if (evaluation.feedback !== undefined)
      detail.append(valueBlock('Feedback', evaluation.feedback));
    for (const [module, feedback] of Object.entries(evaluation.moduleFeedback ?? {})) {
      detail.append(valueBlock(`Feedback for ${module}`, feedback));
    }
    detail.append(element('h4', undefined, `Trace: ${evaluation.trace.length} module call(s)`));
    const list = element('ol', 'trace');
    for (const entry of evaluation.trace) {
      const item = element('li', 'trace-entry');
      item.append(element('strong', 'trace-module', entry.module));
      for (const message of entry.messages) {
        const line = element('div', 'trace-message');
        line.append(
          element('span', 'trace-role', message.role),
          element('pre', 'value-text', message.text),
        );
        item.append(line);
      }
      if (entry.output !== undefined) item.append(valueBlock('Parsed output', entry.output));
      for (const note of entry.notes ?? []) item.append(valueBlock('Note', note));
      list.append(item);
    }
    detail.append(list);
  }
  document.getElementById('score-matrix')?.addEventListener('click', (event) => {
    const button = (event.target as HTMLElement).closest('button[data-c]');
    const row = button?.closest('tr[data-instance]');
    if (button === null || button === undefined || row === null || row === undefined) return;
    showEvaluation(row.getAttribute('data-instance') ?? '', Number(button.getAttribute('data-c')));
    saveState();
  });

  // The UI state survives the reloads of the live view.
  function saveState(): void {
    const filters: Record<string, string> = {};
    filterGroups.forEach((group, position) => {
      for (const select of Array.from(
        group.querySelectorAll<HTMLSelectElement>('select[data-filter]'),
      )) {
        filters[`${position}:${select.dataset['filter'] ?? ''}`] = select.value;
      }
    });
    const open = Array.from(document.querySelectorAll<HTMLDetailsElement>('details[id]'))
      .filter((details) => details.open !== details.hasAttribute('data-open-default'))
      .map((details) => details.id);
    const state: SavedState = {
      filters,
      open,
      scrollY: window.scrollY,
      ...(selected === undefined ? {} : { cell: selected }),
    };
    try {
      sessionStorage.setItem(storageKey, JSON.stringify(state));
    } catch {
      // Storage may be unavailable (a file opened with strict privacy settings); state is a nicety.
    }
  }
  function restoreState(): void {
    let state: SavedState | undefined;
    try {
      state = JSON.parse(sessionStorage.getItem(storageKey) ?? 'null') as SavedState | undefined;
    } catch {
      state = undefined;
    }
    if (state === null || state === undefined) return;
    filterGroups.forEach((group, position) => {
      for (const select of Array.from(
        group.querySelectorAll<HTMLSelectElement>('select[data-filter]'),
      )) {
        const value = state?.filters[`${position}:${select.dataset['filter'] ?? ''}`];
        if (
          value !== undefined &&
          Array.from(select.options).some((option) => option.value === value)
        ) {
          select.value = value;
        }
      }
      applyFilters(group);
    });
    for (const id of state.open) {
      const details = document.getElementById(id);
      if (details instanceof HTMLDetailsElement)
        details.open = !details.hasAttribute('data-open-default');
    }
    if (state.cell !== undefined) showEvaluation(state.cell.instance, state.cell.candidate);
    window.scrollTo(0, state.scrollY);
  }
  restoreState();
  document.addEventListener('toggle', saveState, true);
  window.addEventListener('scroll', () => saveState(), { passive: true });

  // The live view: poll the server for the run's version and reload when a step has landed.
  const live = data.live;
  const badge = document.getElementById('live-status');
  if (live !== undefined && badge !== null) {
    badge.hidden = false;
    const poll = async (): Promise<void> => {
      try {
        const response = await fetch(live.versionUrl, { cache: 'no-store' });
        const version = (await response.text()).trim();
        if (version !== live.version) {
          saveState();
          location.reload();
          return;
        }
        badge.textContent = `live · checked ${new Date().toLocaleTimeString()}`;
        badge.className = 'live-status';
      } catch {
        badge.textContent = 'live view disconnected: the server stopped';
        badge.className = 'live-status live-disconnected';
      }
      setTimeout(poll, live.intervalMs);
    };
    setTimeout(poll, live.intervalMs);
  }
}
