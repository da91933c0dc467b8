# @summary One account as the users module takes it from Hiera.
type Common::User = Struct[{
  uid                => Integer[1000, 60000],
  Optional[groups]   => Array[String[1]],
  Optional[shell]    => Common::Shell,
  Optional[comment]  => String,
  Optional[ensure]   => Enum['present', 'absent'],
}]
