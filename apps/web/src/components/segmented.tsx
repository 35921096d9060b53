/** A choice of two or three views as one row of toggle buttons (tabs). */
export function Segmented<V extends string>(props: {
  options: readonly (readonly [V, string])[];
  value: V;
  onChange: (v: V) => void;
}) {
  return (
    <div class="segmented" role="tablist">
      {props.options.map(([value, label]) => (
        <button
          key={value}
          type="button"
          role="tab"
          aria-selected={props.value === value}
          onClick={() => props.onChange(value)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
