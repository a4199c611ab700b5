// Placeholder: the reviews' part that owns this route writes it.
export default function Placeholder() {
  return null;
}
