node 'node1.example.com' {
  include role::web
}
