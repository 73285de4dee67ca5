package gofarm.coordinator.codec;

import gofarm.coordinator.job.GameSgf;
import gofarm.proto.v1.GameRecord;

/** Match games as the client API and the archive write them ({@code GameRecord}). */
public final class Games {
  private Games() {}

  public static GameRecord toProto(GameSgf game) {
    return GameRecord.newBuilder()
        .setPair(game.pair())
        .setGame(game.game())
        .setSgf(game.sgf())
        .build();
  }

  public static GameSgf fromProto(GameRecord game) {
    return new GameSgf(game.getPair(), game.getGame(), game.getSgf());
  }
}
