define mymod::vhost(Variant[Mymod::Port, Enum[none]] $extra = none, Optional[Mymod::Endpoint] $peer = undef) {
}
