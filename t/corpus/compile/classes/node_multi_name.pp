node 'other.example.com', 'node1.example.com' {
  notify { 'listed': }
}
node default {
  notify { 'fallback': }
}
