# @summary Where a service listens.
type Common::Endpoint = Struct[{
  host           => String[1],
  port           => Common::Port,
  Optional[tls]  => Boolean,
}]
