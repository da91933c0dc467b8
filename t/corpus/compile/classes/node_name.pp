node 'node1.example.com' {
  notify { 'exact': }
}
node default {
  notify { 'fallback': }
}
