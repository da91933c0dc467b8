class c ($a = undef, $b = [1, 2], $c = { 'x' => undef }) {
}
include c
