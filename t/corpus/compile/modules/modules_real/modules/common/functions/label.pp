# @summary A name padded to a column, for aligned configuration files.
function common::label(String $text, Integer[0] $width = 12) >> String {
  $text.length >= $width ? {
    true    => $text,
    default => sprintf("%-${width}s", $text),
  }
}
