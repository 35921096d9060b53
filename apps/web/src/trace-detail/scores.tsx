import type { Score } from '../api/types.ts';
import { formatTime } from '../lib/format.ts';

/** The score objects of a single trace; anything that is not one is left out. */
export function toScores(list: readonly unknown[]): Score[] {
  return list.filter(
    (s): s is Score =>
      typeof s === 'object' &&
      s !== null &&
      typeof (s as Score).id === 'string' &&
      typeof (s as Score).name === 'string',
  );
}

/** Six significant digits: a small score keeps its own ("0.0004", not "0.000"), a large one its separators. */
const scoreNumber = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 6 });

/** A score's value as people read it: the label for categorical and boolean scores, else the number. */
export function scoreValue(s: Score): string {
  if (s.stringValue !== undefined && s.stringValue !== null && s.dataType !== 'NUMERIC') return s.stringValue;
  if (typeof s.value === 'number') return scoreNumber.format(s.value);
  return s.stringValue ?? '–';
}

export function ScoresTable(props: { scores: Score[] }) {
  if (!props.scores.length) return null;
  return (
    <section>
      <h3>Scores</h3>
      <table class="kv scores">
        <thead>
          <tr>
            <th>Name</th>
            <th>Value</th>
            <th>Source</th>
            <th>Comment</th>
            <th>Time</th>
          </tr>
        </thead>
        <tbody>
          {props.scores.map((s) => (
            <tr key={s.id}>
              <th scope="row">{s.name}</th>
              <td class="mono" title={s.dataType}>
                {scoreValue(s)}
              </td>
              <td>{s.source ?? ''}</td>
              <td>{s.comment ?? ''}</td>
              <td>{s.timestamp ? formatTime(s.timestamp) : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
