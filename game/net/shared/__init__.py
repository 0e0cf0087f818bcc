"""What both ends of network play share: the protocol's messages, the lobby's description and finding tables on the local network."""
