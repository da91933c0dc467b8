class m::one {
  $mvar = 'one'
  notify { 'one': message => hiera('greeting') }
}
