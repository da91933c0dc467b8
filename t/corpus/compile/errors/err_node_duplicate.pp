node 'node1.example.com' {}
node 'node1.example.com' {}
