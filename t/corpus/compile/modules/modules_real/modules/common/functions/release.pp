# @summary Splits a release string ("12.5") into its parts, with named groups.
function common::release(String $full) >> Hash[String, Optional[Integer]] {
  if $full =~ /\A(?<major>\d+)(?:\.(?<minor>\d+))?\z/ {
    { 'major' => Integer($1), 'minor' => $2 ? { undef => undef, default => Integer($2) } }
  } else {
    { 'major' => undef, 'minor' => undef }
  }
}
